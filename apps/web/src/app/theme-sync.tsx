import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { siteConfig } from '../lib/config';
import { useSession } from '../lib/session';

/** Applies the theme: the site's default, replaced by the signed-in member's own setting (auto, dark, light). */
export function ThemeSync() {
  const { theme } = useSession();
  const { setColorScheme } = useMantineColorScheme();
  const wanted = theme ?? siteConfig.defaultTheme;
  useEffect(() => {
    setColorScheme(wanted);
  }, [wanted, setColorScheme]);
  return null;
}
