import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Shell } from '../src/app/shell/shell';
import { FLASH_TYPES, flash, flashError, getFlashMessages, showFlash } from '../src/components/flash';
import { fakeApi } from './fake-api';
import { renderApp, renderAt } from './render';
import { signIn } from './session';

const flashTexts = () => getFlashMessages().map((message) => `${message.type}: ${message.text}`);

function RaisesOnMount() {
  useEffect(() => {
    flash.success('Post published successfully');
  }, []);
  return <h1>Fresh page</h1>;
}

// The real shell around two plain pages, one of which raises a success flash as it mounts.
const shellRoutes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <h1>Start</h1> },
      { path: '/next', element: <h1>Next</h1> },
      { path: '/fresh', element: <RaisesOnMount /> },
    ],
  },
];

function raiseAllTypes() {
  act(() => {
    for (const type of FLASH_TYPES) showFlash(type, `A ${type} message.`);
  });
}

describe('flash messages', () => {
  it('show each type with its icon and text', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    raiseAllTypes();
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => [alert.getAttribute('data-flash-type'), alert.textContent])).toEqual(
      FLASH_TYPES.map((type) => [type, `A ${type} message.`]),
    );
    for (const alert of alerts) expect(alert.querySelector('svg')).not.toBeNull();
  });

  it('close with their close button', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    act(() => {
      flash.info('Closable.');
    });
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new flash out of view is scrolled into view; one already shown is not scrolled to again', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    // The member is far down a long form: everything at the top of the page is above the viewport.
    const above = { top: -1500, bottom: -1450, left: 0, right: 300, width: 300, height: 50, x: 0, y: -1500 };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ ...above, toJSON: () => above });
    const scrolled: Element[] = [];
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });

    act(() => {
      flash.info('Profile updated successfully.');
    });
    const first = screen.getByRole('alert');
    expect(scrolled).toEqual([first]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior: 'smooth' });

    act(() => {
      flash.warning('And one more thing.');
    });
    const second = screen.getAllByRole('alert').find((alert) => alert.textContent === 'And one more thing.');
    expect(scrolled).toEqual([first, second]);

    // Closing a flash re-renders the stack but reveals nothing.
    await userEvent.click(within(second!).getByRole('button', { name: 'Dismiss' }));
    expect(scrolled).toEqual([first, second]);
  });

  it('a new error flash does not pull the view away from the refused field the form focused', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    const above = { top: -1500, bottom: -1450, left: 0, right: 300, width: 300, height: 50, x: 0, y: -1500 };
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ ...above, toJSON: () => above });
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const field = document.createElement('input');
    field.setAttribute('aria-invalid', 'true');
    document.body.append(field);
    field.focus();
    act(() => {
      flash.error('That username is already in use. Please choose a different one.');
    });
    expect(scrollIntoView).not.toHaveBeenCalled();
    field.remove();
  });

  it('a new flash already in view leaves the page where it is; with less motion asked for, no smooth scroll', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    const inView = { top: 100, bottom: 150, left: 0, right: 300, width: 300, height: 50, x: 0, y: 100 };
    const rect = vi
      .spyOn(Element.prototype, 'getBoundingClientRect')
      .mockReturnValue({ ...inView, toJSON: () => inView });
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    act(() => {
      flash.success('Settings saved successfully.');
    });
    expect(scrollIntoView).not.toHaveBeenCalled();

    const below = { ...inView, top: 2000, bottom: 2050, y: 2000 };
    rect.mockReturnValue({ ...below, toJSON: () => below });
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
    }));
    act(() => {
      flash.error('Failed to update record.');
    });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', behavior: 'auto' });
  });

  it('show the same text once', () => {
    flash.error('Twice.');
    flash.error('Twice.');
    expect(flashTexts()).toEqual(['error: Twice.']);
  });

  it('a success raised again is shown once, as a new flash (the answer to a new click)', () => {
    const first = flash.success('Profile updated successfully.');
    const again = flash.success('Profile updated successfully.');
    expect(flashTexts()).toEqual(['success: Profile updated successfully.']);
    expect(getFlashMessages()[0]!.id).toBe(again);
    expect(again).not.toBe(first);
  });

  it('a success replaces the errors of the attempts before it', () => {
    flash.error('Failed to update record.');
    flash.warning('Mind the gap.');
    flash.success('Your password has been reset.');
    expect(flashTexts()).toEqual(['warning: Mind the gap.', 'success: Your password has been reset.']);
  });

  it('each success replaces the success before it: a queue shows what the last action did', () => {
    flash.success('Post published successfully');
    flash.info('Two more waiting.');
    flash.success('Post rejected successfully');
    expect(flashTexts()).toEqual(['info: Two more waiting.', 'success: Post rejected successfully']);
  });

  it('a new form submission clears the errors of the previous attempt before raising its own', async () => {
    const SubmitPage = () => (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          flash.error('Second attempt refused.');
        }}
      >
        <button type="submit">Send</button>
      </form>
    );
    renderAt([{ element: <Shell />, children: [{ path: '/', element: <SubmitPage /> }] }], '/');
    act(() => void flash.error('First attempt refused.'));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(flashTexts()).toEqual(['error: Second attempt refused.']);
  });

  it('success ones close on navigation; info, warning and error stay', async () => {
    const { router } = renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    raiseAllTypes();
    await act(() => router.navigate('/next'));
    await screen.findByRole('heading', { name: 'Next' });
    expect(flashTexts()).toEqual([
      'info: A info message.',
      'warning: A warning message.',
      'error: A error message.',
    ]);
    expect(screen.getAllByRole('alert')).toHaveLength(3);
  });

  it('a success flash raised by the page being opened survives that navigation', async () => {
    const { router } = renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    await act(() => router.navigate('/fresh'));
    await screen.findByRole('heading', { name: 'Fresh page' });
    expect(flashTexts()).toEqual(['success: Post published successfully']);
  });

  it('are all cleared by a successful login', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    raiseAllTypes();
    signIn();
    expect(flashTexts()).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('are not cleared when the same member’s session is merely refreshed', async () => {
    renderAt(shellRoutes, '/');
    await screen.findByRole('heading', { name: 'Start' });
    signIn();
    act(() => {
      flash.warning('Still here.');
    });
    signIn({ verified: false });
    expect(flashTexts()).toEqual(['warning: Still here.']);
  });

  it('flashError shows every text of the error mapping', async () => {
    fakeApi.on('POST', '/api/collections/users/records', {
      status: 400,
      body: {
        status: 400,
        message: 'Failed to create record.',
        data: { email: { code: 'validation_not_unique', message: 'Value must be unique.' } },
      },
    });
    const { pb } = await import('../src/lib/pocketbase');
    await pb
      .collection('users')
      .create({})
      .catch((error: unknown) => flashError(error));
    expect(flashTexts()).toEqual([
      'error: Failed to create record.',
      'error: That email is already in use. Please choose a different one.',
    ]);
  });

  it('can be raised from the debug menu’s "Flash Message" button', async () => {
    renderAt(shellRoutes, '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Debug' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Flash Message' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(getFlashMessages()).toHaveLength(1);
  });

  it('are shown off on /components, with the button variants', async () => {
    renderApp('/components');
    await screen.findByRole('heading', { level: 1, name: 'Components' });
    expect(screen.getByRole('heading', { name: 'Buttons' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Primary' }).length).toBeGreaterThanOrEqual(8);
    await userEvent.click(screen.getByRole('button', { name: 'Show Warning' }));
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-flash-type')).toBe('warning');
  });

  it('draws each colour of the gradient row in its own colours', async () => {
    renderApp('/components');
    await screen.findByRole('heading', { level: 1, name: 'Components' });
    const gradients = Array.from(document.querySelectorAll<HTMLElement>('button[data-variant="gradient"]'));
    expect(gradients).toHaveLength(5);
    const backgrounds = gradients.map((button) => button.style.getPropertyValue('--button-bg'));
    expect(backgrounds.every((background) => background.includes('linear-gradient'))).toBe(true);
    expect(new Set(backgrounds).size).toBe(5);
  });
});
