/** Keys of the reader-settings feature: its one mutation, so pending changes can be shown before they are saved. */
export const readerSettingsKeys = {
  all: ['reader-settings'] as const,
  save: () => ['reader-settings', 'save'] as const,
};
