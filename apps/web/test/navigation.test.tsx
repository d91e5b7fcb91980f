import { act, screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_VIEW_MESSAGE, ERROR_VIEW_TITLE } from '../src/components/errors/error-view';
import { RouteError } from '../src/app/route-error';
import { deferred, fakeApi, listOf, type FakeReply } from './fake-api';
import { renderApp, renderAt } from './render';
import { signIn } from './session';

describe('on each navigation', () => {
  it('the view scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderApp('/components');
    await screen.findByRole('heading', { level: 1, name: 'Components' });
    scrollTo.mockClear();
    await act(() => router.navigate('/secret/login'));
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('a hash anchor is scrolled to once its element appears', async () => {
    const scrolled: string[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this.id);
    });
    const answer = deferred<FakeReply>();
    fakeApi.on('GET', '/api/collections/pages/records', () => answer.promise);
    renderApp('/help/faq#age-limit');
    await screen.findByRole('status', { name: 'Loading' });
    expect(scrolled).toEqual([]);

    answer.resolve({
      body: listOf([{ id: 'p', slug: 'faq', title: 'FAQ', content: '<h2 id="age-limit">Age</h2>' }]),
    });
    await waitFor(() => expect(scrolled).toEqual(['age-limit']));
  });
});

describe('focus, announcement and scroll on navigation (issue 22)', () => {
  it('moves focus to the new page’s heading and announces it', async () => {
    const { router } = renderApp('/components');
    await screen.findByRole('heading', { level: 1, name: 'Components' });
    await act(() => router.navigate('/secret/login'));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Login' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const live = document.querySelector('[aria-live="polite"][role="status"]');
    expect(live?.textContent).toBe('Login');
  });

  it('back returns to the place left on the page; a new page starts at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderApp('/components');
    await screen.findByRole('heading', { level: 1, name: 'Components' });
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    await act(() => router.navigate('/secret/login'));
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollTo.mockClear();
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: 'Components' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 640));
    expect(scrollTo).not.toHaveBeenCalledWith(0, 0);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('the generic error view', () => {
  it('is the router’s error element, with the spec’s default texts, inside the shell', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    // A page record whose title is not text makes the screen throw while rendering.
    fakeApi.on('GET', '/api/collections/pages/records', {
      body: listOf([{ id: 'p', slug: 'faq', title: { broken: true }, content: '' }]),
    });
    renderApp('/help/faq');
    expect(await screen.findByRole('heading', { name: 'shrug' })).toBeTruthy();
    expect(screen.getByText('Congratulations. You broke it!')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('shrug | Size Community'));
  });

  it('names its defaults as the spec writes them', () => {
    expect([ERROR_VIEW_TITLE, ERROR_VIEW_MESSAGE]).toEqual(['shrug', 'Congratulations. You broke it!']);
  });

  it('catches a failing screen and, outside production, shows the error underneath', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('Screen exploded');
    }
    const routes: RouteObject[] = [{ path: '/', element: <Broken />, errorElement: <RouteError /> }];
    renderAt(routes, '/');
    expect(await screen.findByRole('heading', { name: 'shrug' })).toBeTruthy();
    expect(screen.getByText('Congratulations. You broke it!')).toBeTruthy();
    expect(screen.getByTestId('error-detail').textContent).toContain('Screen exploded');
  });
});
