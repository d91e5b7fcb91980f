import { useEffect, useMemo } from 'react';
import { attachmentImageUrl, chosenFileKey, chosenImageUrl, type FileOwner } from '../attachments';

/**
 * The image resolver of a post form's preview, as the published post will show it: an image named in
 * the text shows the file just chosen (by a local address, before anything is uploaded), else the
 * attachment the post already has. The local addresses are released when the choice changes.
 */
export function usePreviewImage(
  chosen: readonly File[],
  attached?: { owner: FileOwner; files: readonly string[] },
): (url: string) => string {
  const urls = useMemo(
    () => new Map(chosen.map((file) => [chosenFileKey(file), URL.createObjectURL(file)] as const)),
    [chosen],
  );
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return (url: string) =>
    chosenImageUrl(url, urls) ?? (attached ? attachmentImageUrl(url, attached.owner, attached.files) : url);
}
