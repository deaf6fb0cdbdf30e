import { useState } from 'react';
import { Images } from 'lucide-static';
import type { ImageView } from '#src/schemas/image-view.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { MediaPicker } from './MediaPicker.tsx';

type Props = {
  /** The picker's title ('Choose a cover image'). */
  title: string;
  disabled?: boolean;
  /** The upload the field holds now, marked in the picker. */
  current?: string | undefined;
  /** The image chosen and the library's alt text for it. */
  onChoose(image: ImageView, mediaId: string, alt: string): void;
};

/** "Choose from the library": the button and the picker it opens, for an image field (a post's cover, a page's picture). */
export function ChooseFromLibrary({ title, disabled = false, current, onChoose }: Props) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <div>
        <button type="button" className="bo-button" disabled={disabled} onClick={() => setPicking(true)}>
          <Icon svg={Images} size={16} />
          Choose from the library
        </button>
      </div>
      {picking && (
        <MediaPicker
          kind="image"
          title={title}
          current={current}
          onChoose={(item) => {
            setPicking(false);
            if (item.image) onChoose(item.image, item._id, item.alt);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
