import { ErrorCode, type ApiErrorBody } from '../../../common/api';

/** A failed API call: HTTP status plus the envelope's stable code, translated message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
  }

  get isUnauthorized(): boolean {
    return this.status === 401 || this.code === ErrorCode.Unauthorized;
  }
}
