import type { CreateRequisiteRequest, RequisiteDto, RequisiteList } from '../../../../common/requisites';
import { api, apiUrl } from '../../api/client';

export const REQUISITES_KEY = ['user', 'requisites'] as const;

export const requisitesApi = {
  list: () => api.get<RequisiteList>('/user/requisites'),
  add: (request: CreateRequisiteRequest) => api.post<RequisiteDto>('/user/requisites', request),
  remove: (id: number) => api.delete<null>(`/user/requisites/${id}`),
  photoUrl: (id: number) => apiUrl(`/user/requisites/${id}/photo`),
};
