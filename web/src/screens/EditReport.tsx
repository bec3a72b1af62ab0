import { useParams } from 'react-router';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';

// PLACEHOLDER until model/ lands: the real Edit Shift Report screen replaces this file's body.
export default function EditReport() {
  const { id } = useParams();
  return (
    <ScreenPlaceholder
      title="Edit Shift Report"
      subtitle={`Report #${id ?? ''}`}
      backTo="/"
      backLabel="Back to Plods"
      arriving="Operator, shift type, holes completed, total depth, hours worked and notes for this report."
    />
  );
}
