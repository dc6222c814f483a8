import { ContentPage } from '../content/ContentPage';

/** Its text is the `partners` content page (backend/content), edited by staff in the console. */
export default function PartnersPage() {
  return <ContentPage pageKey="partners" />;
}
