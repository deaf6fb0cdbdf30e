import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { DueIn } from '../kit/DueIn.tsx';
import { NoValue } from '../kit/NoValue.tsx';
import type { Column } from './descriptor.ts';

type WithNextStep = { nextStep: string; nextStepDue: string | null };

/** The text of a next step with its due day, for the cell's hover and a screen reader. */
const nextStepText = (row: WithNextStep) => (row.nextStepDue ? `${row.nextStep} (due ${formatCalendarDate(row.nextStepDue)})` : row.nextStep);

/**
 * The lists' "Next step" column: what it is, on one line cut to the column (the whole of it on
 * hover and while the row has keyboard focus), and under it how soon it is due (overdue in words
 * and red). Without a priority it stays at every width a table has, beside the name and the
 * status: it is what a broker works the list by. A card leaves it out when there is none.
 * `width`: another where a list needs the room. The default grows with the list (`cqi`: a
 * hundredth of the list's width), so a wide screen shows more of the step's words.
 */
export function nextStepColumn<Row extends WithNextStep>(width = 'clamp(11rem, 20cqi, 15rem)'): Column<Row> {
  return {
    key: 'nextStep',
    label: 'Next step',
    cell: (row) =>
      row.nextStep ? (
        <span className="bo-next-step">
          <span className="bo-truncate bo-truncate-2" title={nextStepText(row)}>
            {row.nextStep}
          </span>
          {row.nextStepDue && <DueIn date={row.nextStepDue} overdue />}
        </span>
      ) : (
        <NoValue label="None set" />
      ),
    text: nextStepText,
    empty: (row) => !row.nextStep,
    width,
  };
}
