import { ContentPage } from '../content/ContentPage';

/** Its text is the `terms` content page (backend/content), edited by staff in the console. */
export default function TermsPage() {
  return <ContentPage pageKey="terms" />;
}
