import { InfoPage } from '../../layout/InfoPage';

export default function OperatorPage() {
  return <InfoPage name="operator" />;
}
