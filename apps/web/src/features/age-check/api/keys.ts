/** Keys of the age-check feature: its one mutation, giving the birthday. */
export const ageCheckKeys = {
  all: ['age-check'] as const,
  save: () => ['age-check', 'save'] as const,
};
