import { Button, Card, Group, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { HtmlContent } from '../../components/html-content';
import { PageLoader } from '../../components/page-loader';
import { errorMessage } from '../../lib/errors';
import { PAGE_VISIBILITY, useSaveSitePage, useSitePages, type SitePageInput } from './api/manage-pages';

const EMPTY: SitePageInput = { slug: '', title: '', content: '', visibleTo: 'everyone' };

/**
 * Admins manage the content pages in the app (PRODUCT.md §13): title, slug, HTML content with a preview
 * (sanitised as the page will show it) and who may see it.
 */
export function SitePages() {
  const pages = useSitePages(true);
  const save = useSaveSitePage();
  const [form, setForm] = useState<SitePageInput>(EMPTY);
  const [editing, setEditing] = useState<string | undefined>();
  const set = <K extends keyof SitePageInput>(key: K, value: SitePageInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  let list;
  if (pages.isPending) list = <PageLoader />;
  else if (pages.isError) list = <Text c="red">{errorMessage(pages.error)}</Text>;
  else if (pages.data.length === 0) list = <Text c="dimmed">No content pages yet.</Text>;
  else {
    list = (
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Content pages">
        {pages.data.map((page) => (
          <Group key={page.id} component="li" gap="xs" wrap="nowrap">
            <Text size="sm" fw={600}>
              {page.title}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {page.slug} · {page.visibleTo}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                setEditing(page.id);
                setForm({
                  slug: page.slug,
                  title: page.title,
                  content: page.content,
                  visibleTo: page.visibleTo,
                });
              }}
            >
              Edit
            </Button>
          </Group>
        ))}
      </Stack>
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby="site-pages-title">
      <Stack>
        <Title order={2} size="h3" id="site-pages-title">
          Content pages
        </Title>
        {list}
        <form
          onSubmit={(event) => {
            event.preventDefault();
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
              {editing ? 'Edit page' : 'New page'}
            </Text>
            <TextInput
              label="Page title"
              required
              value={form.title}
              onChange={(e) => set('title', e.currentTarget.value)}
            />
            <TextInput
              label="Slug"
              description="Lowercase letters, digits and hyphens; e.g. roadmap is shown at /site/roadmap."
              required
              pattern="[a-z0-9-]+"
              value={form.slug}
              onChange={(e) => set('slug', e.currentTarget.value)}
            />
            <Select
              label="Visible to"
              data={[...PAGE_VISIBILITY]}
              allowDeselect={false}
              value={form.visibleTo}
              onChange={(value) => set('visibleTo', value ?? 'everyone')}
            />
            <Textarea
              label="Content (HTML)"
              rows={6}
              value={form.content}
              onChange={(e) => set('content', e.currentTarget.value)}
            />
            {form.content.trim() && (
              <Stack gap={2} aria-label="Preview">
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  Preview
                </Text>
                <HtmlContent html={form.content} />
              </Stack>
            )}
            <Group>
              <Button type="submit" loading={save.isPending}>
                {editing ? 'Save page' : 'Add page'}
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
