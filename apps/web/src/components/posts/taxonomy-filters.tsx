import { Group, NativeSelect } from '@mantine/core';
import { useLabels } from '../../lib/posts/get-labels';
import { useTags } from '../../lib/posts/get-tags';
import type { SizeParam } from '../../lib/posts/sizes';

export type BrowseParam = 'label' | 'tag' | 'page' | SizeParam;

/** A browse page's query with one value changed; changing a filter starts again at page 1. */
export function withParam(params: URLSearchParams, name: BrowseParam, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value && !(name === 'page' && value === '1')) next.set(name, value);
  else next.delete(name);
  if (name !== 'page') next.delete('page');
  return next;
}

/** The label and tag pickers of the browse pages (`?label={id}&tag={id}`, spec part 1 §2). */
export function TaxonomyFilters({
  label,
  tag,
  onChange,
}: {
  label: string;
  tag: string;
  onChange: (name: 'label' | 'tag', value: string) => void;
}) {
  const labels = useLabels();
  const tags = useTags();
  const options = (items: { id: string; name: string }[] | undefined, all: string) => [
    { value: '', label: all },
    ...(items ?? []).map((item) => ({ value: item.id, label: item.name })),
  ];
  return (
    <Group align="flex-end">
      <NativeSelect
        label="Label"
        value={label}
        data={options(labels.data, 'All labels')}
        onChange={(event) => onChange('label', event.currentTarget.value)}
      />
      <NativeSelect
        label="Tag"
        value={tag}
        data={options(tags.data, 'All tags')}
        onChange={(event) => onChange('tag', event.currentTarget.value)}
      />
    </Group>
  );
}
