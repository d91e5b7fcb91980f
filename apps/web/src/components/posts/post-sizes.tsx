import { Badge, Group, NativeSelect } from '@mantine/core';
import {
  CHANGE_TEXTS,
  SIZE_CHANGES,
  SIZE_CLASSES,
  sizeClassText,
  sizeTexts,
  type PostSizes,
  type SizeFilter,
  type SizeParam,
} from '../../lib/posts/sizes';
import type { PostRecord } from '../../lib/posts/types';

export const SIZE_FIELD_TEXTS = {
  larger: 'Larger character',
  smaller: 'Smaller character',
  change: 'Size change',
  any: 'Any',
  notGiven: 'Not given',
};

const classOptions = (empty: string) => [
  { value: '', label: empty },
  ...SIZE_CLASSES.map((size) => ({ value: size, label: sizeClassText(size) })),
];
const changeOptions = (empty: string) => [
  { value: '', label: empty },
  ...SIZE_CHANGES.map((change) => ({ value: change, label: CHANGE_TEXTS[change] })),
];

/** A post's sizes as badges ("Mega giant", "Micro tiny", "Growth"); nothing when none are given. */
export function PostSizeBadges({ post }: { post: PostRecord }) {
  const texts = sizeTexts(post);
  if (texts.length === 0) return null;
  return (
    <Group gap={4} aria-label="Sizes">
      {texts.map((text) => (
        <Badge key={text} variant="light" color="grape" size="sm" tt="none">
          {text}
        </Badge>
      ))}
    </Group>
  );
}

/** The story and series forms' size fields: each optional, from micro to tera, and the change. */
export function SizeFields({ value, onChange }: { value: PostSizes; onChange: (value: PostSizes) => void }) {
  return (
    <Group align="flex-end" grow preventGrowOverflow={false} wrap="wrap">
      <NativeSelect
        label={SIZE_FIELD_TEXTS.larger}
        value={value.larger_size}
        data={classOptions(SIZE_FIELD_TEXTS.notGiven)}
        onChange={(event) => onChange({ ...value, larger_size: event.currentTarget.value })}
      />
      <NativeSelect
        label={SIZE_FIELD_TEXTS.smaller}
        value={value.smaller_size}
        data={classOptions(SIZE_FIELD_TEXTS.notGiven)}
        onChange={(event) => onChange({ ...value, smaller_size: event.currentTarget.value })}
      />
      <NativeSelect
        label={SIZE_FIELD_TEXTS.change}
        value={value.size_change}
        data={changeOptions(SIZE_FIELD_TEXTS.notGiven)}
        onChange={(event) => onChange({ ...value, size_change: event.currentTarget.value })}
      />
    </Group>
  );
}

/** The size pickers of browse and search (`?larger=&smaller=&change=`); "Any" leaves one out. */
export function SizeFilters({
  value,
  onChange,
}: {
  value: SizeFilter;
  onChange: (name: SizeParam, value: string) => void;
}) {
  return (
    <Group align="flex-end">
      <NativeSelect
        label={SIZE_FIELD_TEXTS.larger}
        value={value.larger}
        data={classOptions(SIZE_FIELD_TEXTS.any)}
        onChange={(event) => onChange('larger', event.currentTarget.value)}
      />
      <NativeSelect
        label={SIZE_FIELD_TEXTS.smaller}
        value={value.smaller}
        data={classOptions(SIZE_FIELD_TEXTS.any)}
        onChange={(event) => onChange('smaller', event.currentTarget.value)}
      />
      <NativeSelect
        label={SIZE_FIELD_TEXTS.change}
        value={value.change}
        data={changeOptions(SIZE_FIELD_TEXTS.any)}
        onChange={(event) => onChange('change', event.currentTarget.value)}
      />
    </Group>
  );
}
