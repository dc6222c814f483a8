import { InfoPage } from '../../layout/InfoPage';

export default function ReservesPage() {
  return <InfoPage name="reserves" />;
}
