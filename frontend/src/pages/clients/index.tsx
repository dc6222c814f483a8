import { ContentPage } from '../content/ContentPage';

/** Its text is the `clients` content page (backend/content), edited by staff in the console. */
export default function ClientsPage() {
  return <ContentPage pageKey="clients" />;
}
