import { Ellipsis } from 'lucide-static';
import { createPortal } from 'react-dom';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { Toolbar, type ToolbarButton } from '#src/admin/kit/Toolbar.tsx';
import { usePhone } from '#src/admin/list/use-phone.ts';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import './rich-text.css';

/** What a phone keeps in the row, in this order: the styles used most. The rest go under More. */
export const ON_A_PHONE: readonly string[] = ['bold', 'italic', 'heading', 'link', 'bullets'];

type Props = {
  /** The id of the field the buttons act on. */
  controls: string;
  buttons: ToolbarButton[];
  /** What a phone keeps in the row (`ON_A_PHONE`); fewer where the field is narrower than the window (in a panel). */
  phoneRow?: readonly string[];
  /**
   * Where the row is drawn, when not in place: the writer's bar (MarkdownWriter's `barEnd`), one
   * row with the switch at its end. Null while that bar is not yet in the page.
   */
  slot?: HTMLElement | null;
};

/**
 * The body's formatting buttons. On a phone a row of all of them would scroll sideways, its
 * icons cut at the edge: there the five used most stay in the row and the rest (a subheading,
 * a numbered list, a quote, a picture) are one tap away in a More menu.
 */
export function FormattingToolbar({ slot, ...props }: Props) {
  const row = <FormattingRow {...props} />;
  if (slot === undefined) return row;
  return slot ? createPortal(row, slot) : null;
}

function FormattingRow({ controls, buttons, phoneRow = ON_A_PHONE }: Omit<Props, 'slot'>) {
  const phone = usePhone();
  if (!phone) return <Toolbar label="Formatting" controls={controls} buttons={buttons} />;
  const kept = phoneRow.flatMap((key) => buttons.filter((button) => button.key === key)).map((button) => ({ ...button, groupStart: false }));
  const more = buttons.filter((button) => !phoneRow.includes(button.key));
  return (
    <div className="bo-formatting-row">
      <Toolbar label="Formatting" controls={controls} buttons={kept} />
      <OptionsMenu
        label="More formatting"
        className="bo-formatting-more"
        buttonClassName="bo-button bo-button-quiet bo-button-icon"
        button={
          <>
            <Icon svg={Ellipsis} size={17} />
            <span className="visually-hidden">More formatting</span>
          </>
        }
        items={more.map((button) => ({
          // The state is said in words: a menu item cannot be drawn pressed as a toolbar button is.
          label: button.pressed ? `${button.label} (on)` : button.label,
          disabled: button.disabled,
          onSelect: button.onClick,
        }))}
      />
    </div>
  );
}
