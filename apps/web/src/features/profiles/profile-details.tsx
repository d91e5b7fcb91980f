import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { MarkdownContent } from '../../components/markdown-content';
import {
  HEIGHT_UNITS,
  MACRO_ROLES,
  WEIGHT_UNITS,
  formatMeasure,
  type MacroRole,
  type ProfileRecord,
} from './api/profile-fields';
import { socialLinks } from './socials';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={180}>
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Macro roles with what each means (spec part 1 §3). */
function MacroRoles({ roles }: { roles: string[] }) {
  return (
    <Stack gap={2}>
      {roles.map((role) => (
        <Text key={role} size="sm">
          <Text span fw={600} tt="capitalize">
            {role}
          </Text>
          {role in MACRO_ROLES && ` (${MACRO_ROLES[role as MacroRole]})`}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The profile's facts (spec part 1 §2 "Profile"): only what the member filled in. `age` is shown only
 * when the member chose `displayAge` (the server also withholds it otherwise).
 */
export function ProfileDetails({ profile }: { profile: ProfileRecord }) {
  const height = formatMeasure(profile.height, profile.height_unit, HEIGHT_UNITS);
  const weight = formatMeasure(profile.weight, profile.weight_unit, WEIGHT_UNITS);
  const showAge = profile.settings?.displayAge === true && typeof profile.age === 'number' && profile.age > 0;
  const rows: [string, ReactNode][] = [];
  if (profile.pronouns?.length) rows.push(['Pronouns', profile.pronouns.join(', ')]);
  if (showAge) rows.push(['Age', String(profile.age)]);
  if (profile.macro_roles?.length) rows.push(['Macro roles', <MacroRoles roles={profile.macro_roles} />]);
  if (profile.gender) rows.push(['Gender', profile.gender]);
  if (profile.sexuality) rows.push(['Sexuality', profile.sexuality]);
  if (profile.relationship_status) rows.push(['Relationship status', profile.relationship_status]);
  if (profile.location) rows.push(['Location', profile.location]);
  if (height) rows.push(['Height', height]);
  if (weight) rows.push(['Weight', weight]);
  const socials = socialLinks(profile.socials);

  return (
    <Stack gap="lg">
      {rows.length > 0 && (
        <Table aria-label="About" variant="vertical" withTableBorder>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Row key={label} label={label}>
                {value}
              </Row>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {profile.bio && (
        <Stack component="section" aria-labelledby="profile-bio" gap="xs">
          <Title order={2} id="profile-bio" size="h3">
            Bio
          </Title>
          <MarkdownContent markdown={profile.bio} />
        </Stack>
      )}
      {socials.length > 0 && (
        <Stack component="section" aria-labelledby="profile-socials" gap="xs">
          <Title order={2} id="profile-socials" size="h3">
            Socials
          </Title>
          <Group gap="xs">
            {socials.map((link) =>
              link.href ? (
                <Badge
                  key={link.key}
                  component="a"
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  variant="light"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                >
                  {link.label}: {link.value}
                </Badge>
              ) : (
                <Badge key={link.key} variant="outline" tt="none">
                  {link.label}: {link.value}
                </Badge>
              ),
            )}
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

/** The external verification badge: the verified name on the external site. */
export function ExternalBadge({ profile }: { profile: ProfileRecord }) {
  if (!profile.cf_verified) return null;
  return (
    <Badge color="teal" variant="light" tt="none" title="Verified on Coiled Fist">
      CF verified: {profile.cf_username}
    </Badge>
  );
}
