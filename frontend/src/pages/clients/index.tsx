import { InfoPage } from '../../layout/InfoPage';

export default function ClientsPage() {
  return <InfoPage name="clients" />;
}
