import {
  Badge,
  Button,
  Card,
  Checkbox,
  ColorInput,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog, deleteQuestion } from '../../components/confirm-dialog';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { useLabels } from '../../lib/posts/get-labels';
import type { LabelRecord } from '../../lib/posts/types';
import { useManageLabel, type LabelInput } from './api/manage-labels';

const EMPTY: LabelInput = { name: '', description: '', parent: '', color: '', order: 0, isCategory: false };

/** The labels as a tree: each label followed by its children, indented. */
function treeOf(labels: LabelRecord[]): { label: LabelRecord; depth: number }[] {
  const children = new Map<string, LabelRecord[]>();
  for (const label of labels)
    children.set(label.parent || '', [...(children.get(label.parent || '') ?? []), label]);
  const ids = new Set(labels.map((l) => l.id));
  const out: { label: LabelRecord; depth: number }[] = [];
  const walk = (parent: string, depth: number) => {
    for (const label of children.get(parent) ?? []) {
      out.push({ label, depth });
      if (depth < 10) walk(label.id, depth + 1);
    }
  };
  walk('', 0);
  // A label whose parent is gone still shows, at the top.
  for (const label of labels) if (label.parent && !ids.has(label.parent)) out.push({ label, depth: 0 });
  return out;
}

/** Admins manage labels in the app (PRODUCT.md §13): tree with parent, colour, order and category flag. */
export function SiteLabels() {
  const labels = useLabels();
  const { save, remove } = useManageLabel();
  const [form, setForm] = useState<LabelInput>(EMPTY);
  const [editing, setEditing] = useState<string | undefined>();
  const [deleting, setDeleting] = useState<string | undefined>();
  const set = <K extends keyof LabelInput>(key: K, value: LabelInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  let list;
  if (labels.isPending) list = <PageLoader />;
  else if (labels.isError) list = <Text c="red">{errorMessage(labels.error)}</Text>;
  else if (labels.data.length === 0) list = <Text c="dimmed">No labels yet.</Text>;
  else {
    list = (
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Labels">
        {treeOf(labels.data).map(({ label, depth }) => (
          <Group key={label.id} component="li" gap="xs" pl={depth * 20} wrap="nowrap">
            <Badge color={label.color || undefined} variant="light" tt="none">
              {label.name}
            </Badge>
            {label.isCategory && (
              <Text size="xs" c="dimmed">
                category
              </Text>
            )}
            <Text size="xs" c="dimmed">
              #{label.order}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                setEditing(label.id);
                setForm({
                  name: label.name,
                  description: label.description,
                  parent: label.parent,
                  color: label.color,
                  order: label.order,
                  isCategory: label.isCategory,
                });
              }}
            >
              Edit
            </Button>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => setDeleting(label.id)}>
              Delete
            </Button>
          </Group>
        ))}
      </Stack>
    );
  }

  const parents = (labels.data ?? [])
    .filter((l) => l.id !== editing)
    .map((l) => ({ value: l.id, label: l.name }));
  return (
    <Card withBorder component="section" aria-labelledby="site-labels-title">
      <Stack>
        <Title order={2} size="h3" id="site-labels-title">
          Labels
        </Title>
        {list}
        <ConfirmDialog
          opened={deleting !== undefined}
          message={deleteQuestion('label')}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(undefined) })}
          onCancel={() => setDeleting(undefined)}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!form.name.trim()) return;
            save.mutate(
              { input: form, id: editing },
              {
                onSuccess: () => {
                  setForm(EMPTY);
                  setEditing(undefined);
                },
              },
            );
          }}
        >
          <Stack gap="xs">
            <Text fw={700} size="sm">
              {editing ? 'Edit label' : 'New label'}
            </Text>
            <TextInput
              label="Label name"
              required
              value={form.name}
              onChange={(e) => set('name', e.currentTarget.value)}
            />
            <TextInput
              label="Description"
              value={form.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            <Select
              label="Parent"
              placeholder="None (top level)"
              clearable
              data={parents}
              value={form.parent || null}
              onChange={(value) => set('parent', value ?? '')}
            />
            <Group grow>
              <ColorInput label="Colour" value={form.color} onChange={(value) => set('color', value)} />
              <NumberInput
                label="Order"
                allowDecimal={false}
                value={form.order}
                onChange={(value) => set('order', typeof value === 'number' ? value : 0)}
              />
            </Group>
            <Checkbox
              label="Category (groups other labels)"
              checked={form.isCategory}
              onChange={(e) => set('isCategory', e.currentTarget.checked)}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {editing ? 'Save label' : 'Add label'}
              </Button>
              {editing && (
                <Button
                  variant="default"
                  onClick={() => {
                    setEditing(undefined);
                    setForm(EMPTY);
                  }}
                >
                  Cancel
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
