import { formatCalendarDate } from '../../lib/dublin-time.ts';
import { DueIn } from '../kit/DueIn.tsx';
import { NoValue } from '../kit/NoValue.tsx';
import type { Column } from './descriptor.ts';

type WithNextStep = { nextStep: string; nextStepDue: string | null };

/** The text of a next step with its due day, for the cell's hover and a screen reader. */
const nextStepText = (row: WithNextStep) => (row.nextStepDue ? `${row.nextStep} (due ${formatCalendarDate(row.nextStepDue)})` : row.nextStep);

/** The lists' "Next step" column: how soon it is due (overdue in words and red), then what it is. */
export function nextStepColumn<Row extends WithNextStep>(): Column<Row> {
  return {
    key: 'nextStep',
    label: 'Next step',
    cell: (row) =>
      row.nextStep ? (
        <>
          {row.nextStepDue && <DueIn date={row.nextStepDue} overdue />} {row.nextStep}
        </>
      ) : (
        <NoValue label="None set" />
      ),
    text: nextStepText,
    truncate: true,
    width: '7.5rem',
    priority: 3,
  };
}
