import { Button, Group, Input, Stack, Textarea } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { flash } from '../../components/flash';
import { flashDmErrors } from './api/dm-errors';
import { useSendMessage } from './api/send-message';

export const MESSAGE_SENT_TEXT = 'Message sent';

/**
 * The reply form of spec part 2 §2 and §5: a "Message" box of 3 lines, a file input named attachments and
 * Send. Nothing is sent when the other member is unknown (`to` empty). Success: "Message sent" and an
 * empty form; failure: "DM error: …" per server message, with the form kept as it was.
 */
export function ReplyForm({ me, to }: { me: string; to: string | null }) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileInputId = useId();
  const send = useSendMessage();

  const submit = () => {
    if (!to || !me) return;
    send.mutate(
      { from: me, to, content, attachments: files },
      {
        onSuccess: () => {
          flash.success(MESSAGE_SENT_TEXT);
          setContent('');
          setFiles([]);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: flashDmErrors,
      },
    );
  };

  return (
    <form
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Message"
          rows={3}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          disabled={!to}
        />
        <div>
          <Input.Label htmlFor={fileInputId}>Attachments</Input.Label>
          <input
            id={fileInputId}
            ref={fileInput}
            type="file"
            name="attachments"
            multiple
            disabled={!to}
            onChange={(event) => setFiles(Array.from(event.currentTarget.files ?? []))}
            style={{ display: 'block', maxWidth: '100%' }}
          />
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending} disabled={!to}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
