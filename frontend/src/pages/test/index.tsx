import { PageHeader } from '../../layout/PageHeader';
import { ButtonsSection } from './ButtonsSection';
import { FailureSection } from './FailureSection';
import { FormSection } from './FormSection';
import { ModalSection } from './ModalSection';
import { MotionSection } from './MotionSection';
import { ProgressSection } from './ProgressSection';
import './showcase.css';

/** The `/test` route: a living style guide of the UI kit, and a way to reach the 500 page. */
export default function TestPage() {
  return (
    <div className="container page showcase">
      <PageHeader name="test" />
      <ButtonsSection />
      <ProgressSection />
      <MotionSection />
      <ModalSection />
      <FormSection />
      <FailureSection />
    </div>
  );
}
