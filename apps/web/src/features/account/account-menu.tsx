import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { avatarUrl } from '../../lib/avatar';
import { pb } from '../../lib/pocketbase';
import { displayName, useAccount } from './api/get-account';

export const ACCOUNT_LINKS = [
  { to: '/profiles/me/favorites', label: 'My Favorites' },
  { to: '/profiles/me/likes', label: 'My Likes' },
  { to: '/edit-profile', label: 'Edit Profile' },
  { to: '/settings', label: 'Settings' },
] as const;

interface AccountMenuProps {
  userId: string;
  /** The username from the session, shown until (or if) the profile cannot be loaded. */
  username: string;
}

/** The header's account menu (spec part 1 §2) with the 256x256f avatar thumbnail and Logout. */
export function AccountMenu({ userId, username }: AccountMenuProps) {
  const navigate = useNavigate();
  const account = useAccount(userId);
  const profile = account.data?.expand?.profile;
  const name = displayName(profile, username);
  const avatar = avatarUrl(profile, '256x256f');

  const logout = () => {
    pb.authStore.clear();
    void navigate('/');
  };

  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`}>
          <Avatar src={avatar} alt={name} radius="xl" size={36}>
            {name.charAt(0).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        {ACCOUNT_LINKS.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={logout}>Logout</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
