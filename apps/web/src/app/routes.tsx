import type { RouteObject } from 'react-router';
import { HomePage } from '../features/pages/home-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { Shell } from './shell';

/** The route table. Every path the spec names is declared here, in one place. */
export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
