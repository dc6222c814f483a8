import { ContentPage } from '../content/ContentPage';

/** Its text is the `guide` content page (backend/content), edited by staff in the console. */
export default function GuidePage() {
  return <ContentPage pageKey="guide" />;
}
