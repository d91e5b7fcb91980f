import {
  Avatar,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useServerErrors } from '../../components/form-errors';
import { FormRefusal } from '../../components/form-refusal';
import { useEffect, useMemo } from 'react';
import {
  DEFAULT_HEIGHT_UNIT,
  DEFAULT_WEIGHT_UNIT,
  GENDERS,
  HEIGHT_UNITS,
  MACRO_ROLES,
  MEASURE_LIMITS,
  PRONOUNS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SOCIALS,
  WEIGHT_UNITS,
  type MacroRole,
  type ProfileRecord,
  type SocialKey,
} from './api/profile-fields';
import type { ProfileDraft } from './api/save-profile';
import { PROFILE_TEXTS } from './profile-texts';

/** Avatars the form offers to pick; the server checks the file's content, not this list. */
const AVATAR_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

// Native selects and number fields: light to load (the route chunk budget, PRODUCT.md §9) and what
// phones handle best. An empty first choice means "not set".
const options = (values: readonly string[]) => [
  { value: '', label: 'Not set' },
  ...values.map((value) => ({ value, label: value })),
];
const unitOptions = (units: Record<string, string>) =>
  Object.entries(units).map(([value, short]) => ({ value, label: `${value} (${short})` }));

/** A stored number as the form holds it: empty for none. */
const measure = (value: number | null | undefined): number | '' =>
  value === null || value === undefined || value === 0 ? '' : value;

/** Spec part 1 §5: min 0, max 999999.99, step 0.01; empty is fine (the field is optional). */
const measureInRange = (value: number | ''): boolean =>
  value === '' ||
  (Number.isFinite(value) &&
    value >= MEASURE_LIMITS.min &&
    value <= MEASURE_LIMITS.max &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6);

/** A number field's text as the draft holds it: '' for empty, else the number. */
const toMeasure = (text: string): number | '' => (text.trim() === '' ? '' : Number(text));

export function draftOf(profile: ProfileRecord | null): ProfileDraft {
  return {
    name: profile?.name ?? '',
    location: profile?.location ?? '',
    relationship_status: profile?.relationship_status ?? '',
    gender: profile?.gender ?? '',
    sexuality: profile?.sexuality ?? '',
    pronouns: profile?.pronouns ?? [],
    height: measure(profile?.height),
    height_unit: profile?.height_unit || DEFAULT_HEIGHT_UNIT,
    weight: measure(profile?.weight),
    weight_unit: profile?.weight_unit || DEFAULT_WEIGHT_UNIT,
    macro_roles: profile?.macro_roles ?? [],
    bio: profile?.bio ?? '',
    socials: { ...(profile?.socials ?? {}) },
    avatar: null,
  };
}

/** A preview of the picked file, or the current avatar. */
function AvatarPreview({ file, current, name }: { file: File | null; current?: string; name: string }) {
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <Avatar src={preview ?? current} alt="Avatar preview" size={96} radius="xl">
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

interface ProfileFormProps {
  profile: ProfileRecord | null;
  currentAvatar?: string;
  saving: boolean;
  onSave: (draft: ProfileDraft) => void;
  /** The save's latest refusal: the fields it names are marked here, anything else shows by the button. */
  refusal?: unknown;
}

/** Every profile field of spec part 1 §3 with its enumeration and hints. */
export function ProfileForm({ profile, currentAvatar, saving, onSave, refusal }: ProfileFormProps) {
  const form = useForm<ProfileDraft>({
    initialValues: draftOf(profile),
    validate: {
      name: (value) => (value.trim() ? null : PROFILE_TEXTS.nameRequired),
      height: (value) => (measureInRange(value) ? null : PROFILE_TEXTS.measureRange('Height')),
      weight: (value) => (measureInRange(value) ? null : PROFILE_TEXTS.measureRange('Weight')),
    },
  });
  useServerErrors(form, refusal);
  const measureProps = (field: 'height' | 'weight') => ({
    type: 'number',
    inputMode: 'decimal' as const,
    min: MEASURE_LIMITS.min,
    max: MEASURE_LIMITS.max,
    step: MEASURE_LIMITS.step,
    value: form.values[field],
    error: form.errors[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, toMeasure(event.currentTarget.value)),
  });

  return (
    <form onSubmit={form.onSubmit(onSave)} noValidate aria-label="Edit profile">
      <Stack gap="lg">
        <Group align="flex-end">
          <AvatarPreview file={form.values.avatar} current={currentAvatar} name={form.values.name} />
          <FileInput
            label="Avatar"
            description="A JPEG, PNG, GIF or WebP image, up to 10 MB."
            accept={AVATAR_TYPES}
            clearable
            placeholder="Choose an image"
            style={{ flex: 1, minWidth: 200 }}
            {...form.getInputProps('avatar')}
          />
        </Group>
        <TextInput
          label="Display name"
          description="A name displayed publicly."
          required
          maxLength={100}
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label="Pronouns" {...form.getInputProps('pronouns')}>
          <Group mt={4}>
            {PRONOUNS.map((value) => (
              <Checkbox key={value} value={value} label={value} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group
          label="Macro roles"
          description="Choose every role you enjoy."
          {...form.getInputProps('macro_roles')}
        >
          <Stack gap={6} mt={6}>
            {(Object.keys(MACRO_ROLES) as MacroRole[]).map((role) => (
              <Checkbox key={role} value={role} label={`${role} (${MACRO_ROLES[role]})`} />
            ))}
          </Stack>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect label="Gender" data={options(GENDERS)} {...form.getInputProps('gender')} />
          <NativeSelect label="Sexuality" data={options(SEXUALITIES)} {...form.getInputProps('sexuality')} />
          <NativeSelect
            label="Relationship status"
            data={options(RELATIONSHIP_STATUSES)}
            {...form.getInputProps('relationship_status')}
          />
        </SimpleGrid>
        <TextInput label="Location" maxLength={200} {...form.getInputProps('location')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Group grow align="flex-start" gap="xs">
            <TextInput label="Height" {...measureProps('height')} />
            <NativeSelect
              label="Height unit"
              data={unitOptions(HEIGHT_UNITS)}
              {...form.getInputProps('height_unit')}
            />
          </Group>
          <Group grow align="flex-start" gap="xs">
            <TextInput label="Weight" {...measureProps('weight')} />
            <NativeSelect
              label="Weight unit"
              data={unitOptions(WEIGHT_UNITS)}
              {...form.getInputProps('weight_unit')}
            />
          </Group>
        </SimpleGrid>
        <Textarea
          label="Bio"
          description="Markdown is supported."
          rows={6}
          resize="vertical"
          {...form.getInputProps('bio')}
        />
        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={2} size="h4" component="legend">
            Socials
          </Title>
          <Text size="sm" c="dimmed">
            A handle or a full address (https://…).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(Object.keys(SOCIALS) as SocialKey[]).map((key) => (
              <TextInput
                key={key}
                label={SOCIALS[key]}
                maxLength={300}
                {...form.getInputProps(`socials.${key}`)}
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Group>
          <Button type="submit" loading={saving}>
            Save Profile
          </Button>
        </Group>
        <FormRefusal error={refusal} />
      </Stack>
    </form>
  );
}
