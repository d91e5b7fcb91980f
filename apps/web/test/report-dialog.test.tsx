import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FlashMessages, getFlashMessages } from '../src/components/flash';
import { ReportDialog } from '../src/components/report/report-dialog';
import type { ReportTarget } from '../src/lib/reports';
import { fakeApi } from './fake-api';
import { renderAt } from './render';
import { signIn } from './session';

const REPORTS = '/api/collections/reports/records';
const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

/** A screen with one Report button, as the comment, story and profile screens offer it. */
function Reportable({ target }: { target: ReportTarget }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <FlashMessages />
      <button type="button" onClick={() => setOpened(true)}>
        Report
      </button>
      <ReportDialog
        opened={opened}
        onClose={() => setOpened(false)}
        target={target}
        targetId="target123456789"
        title="Report Comment"
        question="Why are you reporting this comment?"
      />
    </>
  );
}

function renderReportable(target: ReportTarget = 'comment') {
  const user = signIn();
  renderAt([{ path: '/', element: <Reportable target={target} /> }], '/');
  return user;
}

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Report' }));
  return screen.findByRole('dialog', { name: 'Report Comment' });
}

/** The dialog's own Report button (the screen's button has the same name). */
async function send() {
  const dialog = screen.getByRole('dialog', { name: 'Report Comment' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
}

describe('the report dialog', () => {
  it('asks the question and sends the reporter, the reason and the one target', async () => {
    const user = renderReportable();
    fakeApi.on('POST', REPORTS, (request) => ({ body: { id: 'r1', ...(request.body as object) } }));
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Why are you reporting this comment?');

    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), '  Spam links  ');
    await send();

    await waitFor(() => expect(flashTexts()).toEqual(['success: Report sent successfully.']));
    expect(await screen.findByText('Report sent successfully.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fakeApi.requestsTo(REPORTS, 'POST').map((r) => r.body)).toEqual([
      { user: user.id, reason: 'Spam links', comment: 'target123456789' },
    ]);

    // Opened again, the dialog starts empty.
    await openDialog();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Reason/ }).value).toBe('');
  });

  it('needs a reason: nothing is sent without one', async () => {
    renderReportable();
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), '   ');
    await send();
    expect(await screen.findByText('Reason is required')).toBeTruthy();
    expect(fakeApi.requestsTo(REPORTS, 'POST')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Report Comment' })).toBeTruthy();
  });

  it('Cancel closes without sending and forgets the reason', async () => {
    renderReportable();
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Second thoughts');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openDialog();
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Reason/ }).value).toBe('');
    expect(fakeApi.requestsTo(REPORTS, 'POST')).toHaveLength(0);
  });

  it('opened from the keyboard, it takes the focus and gives it back to its button when it closes', async () => {
    renderReportable();
    const opener = screen.getByRole('button', { name: 'Report' });
    opener.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Report Comment' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Reason/ })),
    );

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it.each([
    [
      'comment' as const,
      'There was an error reporting the content. Please contact a moderator directly through the contact page.',
    ],
    [
      'profile' as const,
      'There was an error reporting the profile. Please contact a moderator directly through the contact page.',
    ],
  ])('a failed %s report alerts the spec text followed by the server messages', async (target, headline) => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    renderReportable(target);
    fakeApi.on('POST', REPORTS, {
      status: 400,
      body: {
        status: 400,
        message: 'Failed to create record.',
        data: {
          reason: { code: 'validation_max_text_constraint', message: 'Must be less than 2000 character(s).' },
        },
      },
    });
    await openDialog();
    await userEvent.type(screen.getByRole('textbox', { name: /^Reason/ }), 'Harassment');
    await send();

    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    const lines = String(alert.mock.calls[0]![0]).split('\n');
    expect(lines[0]).toBe(headline);
    expect(lines.slice(1).join(' ')).toContain('Failed to create record.');
    expect(lines.slice(1).join(' ')).toContain('Must be less than 2000 character(s).');
    // The member keeps what they wrote, to try again or copy it into the contact form.
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: /^Reason/ }).value).toBe('Harassment');
    expect(flashTexts()).toEqual([]);
  });
});
