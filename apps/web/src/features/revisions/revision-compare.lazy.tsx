import { Modal } from '@mantine/core';
import type { RevisedText } from './api/types';
import { RevisionDiff } from './revision-diff';
import { useReturnFocus } from '../../components/use-return-focus';

export interface RevisionCompareProps {
  title: string;
  revision: RevisedText;
  current: RevisedText;
  onClose: () => void;
}

/** The comparison dialog, with the diff library: loaded the first time a member compares. */
export function RevisionCompare({ title, revision, current, onClose }: RevisionCompareProps) {
  useReturnFocus();
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      <RevisionDiff revision={revision} current={current} />
    </Modal>
  );
}
