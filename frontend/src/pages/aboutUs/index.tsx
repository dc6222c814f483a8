import { ContentPage } from '../content/ContentPage';

/** Its text is the `aboutUs` content page (backend/content), edited by staff in the console. */
export default function AboutUsPage() {
  return <ContentPage pageKey="aboutUs" />;
}
