import type { ReactNode } from 'react';
import { useReaderSettings } from './api/save-reader-settings';
import { readerStyle } from './reader-settings';

/** A story's or forum post's body, set in the member's reader settings. */
export function ReaderText({ children }: { children: ReactNode }) {
  const reader = useReaderSettings();
  return (
    <div
      data-reader-text=""
      data-font-size={reader.font_size}
      data-line-width={reader.line_width}
      data-line-spacing={reader.line_spacing}
      data-typeface={reader.typeface}
      style={readerStyle(reader)}
    >
      {children}
    </div>
  );
}
