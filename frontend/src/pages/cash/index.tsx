import { ContentPage } from '../content/ContentPage';

/** Its text is the `cash` content page (backend/content), edited by staff in the console. */
export default function CashPage() {
  return <ContentPage pageKey="cash" />;
}
