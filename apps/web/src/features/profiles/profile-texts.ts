/** The spec's texts of the member's own pages (spec part 1 §2, §5, §8), verbatim. */
export const PROFILE_TEXTS = {
  saved: 'Profile updated successfully.',
  saveFailed: 'Something went wrong while saving your profile. Please reload the page and try again.',
  cfVerified: 'CF Profile Verified!',
  cfCodeMissing: 'Please enter a Coiled Fist Profile Verification Code to verify your profile.',
  nameRequired: 'Name is required',
  measureRange: (field: string) => `${field} must be a number from 0 to 999999.99, in steps of 0.01.`,
  notFound: 'That member could not be found.',
  noProfileYet:
    'Your registration is not finished yet: fill in your display name and save to create your profile.',
} as const;

/** The likes and favorites pages (spec part 1 §2). */
export const REACTION_PAGES = {
  likes: {
    title: 'My Likes',
    series: { heading: 'liked series', empty: 'You have no liked series.' },
    story: { heading: 'liked stories', empty: 'You have no liked stories.' },
    remove: 'Unlike',
  },
  favorites: {
    title: 'My Favorites',
    series: { heading: 'Favorite Series', empty: 'You have no favorite series.' },
    story: { heading: 'Favorite Stories', empty: 'You have no favorite stories.' },
    remove: 'Unfavorite',
  },
} as const;
