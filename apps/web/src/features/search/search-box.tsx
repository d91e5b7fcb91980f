import { Button, Group, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

interface SearchBoxProps {
  /** The query the page shows now; the box starts with it. */
  initialQuery: string;
  /** Called with the trimmed text when the member presses Enter or the Search button. */
  onSearch: (query: string) => void;
}

/** The search box and its "Search" button (spec part 2 §2); Enter submits the form like the button. */
export function SearchBox({ initialQuery, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initialQuery);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          aria-label="Search stories"
          placeholder="Search stories"
          type="search"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit">Search</Button>
      </Group>
    </form>
  );
}
