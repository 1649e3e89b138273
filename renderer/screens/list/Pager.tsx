import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { PAGE_SIZES, type PageSize } from '../../rules/filters';

interface Props {
  page: number;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  pageSize: PageSize;
  onPageSize: (s: PageSize) => void;
}

/** Cursor pager: previous / next only (the API has no page numbers), and the page size. */
export function Pager({ page, canPrevious, canNext, onPrevious, onNext, pageSize, onPageSize }: Props) {
  const { t, lang } = useT();
  // Arrows point the reading direction: "previous" points back (right in Hebrew).
  const Back = lang === 'he' ? IconChevronRight : IconChevronLeft;
  const Forward = lang === 'he' ? IconChevronLeft : IconChevronRight;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Button variant="default" leftSection={<Back size={16} aria-hidden />} disabled={!canPrevious} onClick={onPrevious} data-testid="page-previous">
          {t('list.previous')}
        </Button>
        <Text aria-live="polite" data-testid="page-number" px="xs">{t('list.page', { n: page })}</Text>
        <Button variant="default" rightSection={<Forward size={16} aria-hidden />} disabled={!canNext} onClick={onNext} data-testid="page-next">
          {t('list.next')}
        </Button>
      </Group>
      {/* The system's own select: light to render with every list, and arrow keys change it directly. */}
      <NativeSelect
        label={t('list.pageSize')}
        data={PAGE_SIZES.map((s) => String(s))}
        value={String(pageSize)}
        onChange={(e) => onPageSize(Number(e.currentTarget.value) as PageSize)}
        w={110}
        size="xs"
        data-testid="page-size"
      />
    </Group>
  );
}
