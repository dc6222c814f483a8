import { ContentPage } from '../content/ContentPage';

/** Its text is the `amlKyc` content page (backend/content), edited by staff in the console. */
export default function AmlKycPage() {
  return <ContentPage pageKey="amlKyc" />;
}
