import { InfoPage } from '../../layout/InfoPage';

export default function CashPage() {
  return <InfoPage name="cash" />;
}
