import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/app/routes';
import { renderAt } from './render';

describe('route table', () => {
  it('renders the home page inside the shell', async () => {
    renderAt(routes, '/');
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.getByText('Stories')).toBeTruthy();
    expect(document.title).toBe('Home | Size Community');
  });

  it('shows the spec’s not-found texts for an unknown path', async () => {
    renderAt(routes, '/no/such/page');
    expect(await screen.findByText('404 - Page Not Found')).toBeTruthy();
    expect(screen.getByText('The page you were looking for could not be found.')).toBeTruthy();
    expect(document.title).toBe('404 - Page Not Found | Size Community');
  });
});
