import { ContentPage } from '../content/ContentPage';

/** Its text is the `howItWorks` content page (backend/content), edited by staff in the console. */
export default function HowItWorksPage() {
  return <ContentPage pageKey="howItWorks" />;
}
