import { ContentPage } from '../content/ContentPage';

/** Its text is the `faq` content page (backend/content), edited by staff in the console. */
export default function FaqPage() {
  return <ContentPage pageKey="faq" />;
}
