import { useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle, IconLink } from '@tabler/icons-react';
import { leadConversionSchema } from '../../../shared';
import { useT } from '../../i18n';
import type { WriteResult } from '../../data/useWrite';
import { labelOf } from '../../resources/lookup';
import { ScreenButton, ScreenLink } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { RecordName } from '../../kit/RecordName';
import { FormView } from '../form/FormView';
import type { LoadedFormProps } from '../form/FormScreen';
import { useOnKept } from '../form/kept';

type Rec = Record<string, unknown>;
/** What a conversion came to: a new customer, a customer found by the lead's email, or one from before. */
type Outcome = { kind: 'created' | 'linked' | 'already'; customerId: string; customerName: string | null };

/** The answer of POST /leads/{id}/convert-to-customer; a lead read back after a lost answer gives its customer only. */
function outcomeOf(result: WriteResult): Outcome | null {
  const answer = leadConversionSchema.safeParse(result.data);
  if (answer.success) {
    const { created, already_converted, customer } = answer.data;
    return { kind: already_converted ? 'already' : created ? 'created' : 'linked', customerId: customer.id, customerName: customer.name };
  }
  const lead = (result.data ?? {}) as Rec;
  return typeof lead.converted_customer_id === 'string' ? { kind: 'created', customerId: lead.converted_customer_id, customerName: null } : null;
}

function CustomerLink({ outcome }: { outcome: Outcome }) {
  return (
    <ScreenLink screen={toRecord('customers', outcome.customerId)} data-testid="converted-customer">
      {outcome.customerName ? <span dir="auto">{outcome.customerName}</span> : <RecordName area="customers" id={outcome.customerId} />}
    </ScreenLink>
  );
}

function Converted({ outcome, leadId, leadName }: { outcome: Outcome; leadId: string; leadName: string }) {
  const { t } = useT();
  return (
    <Stack gap="md" data-testid="convert-result" data-outcome={outcome.kind}>
      <Title order={1} size="h2" id="screen-title" dir="auto">{t(`leads.result.${outcome.kind}.title`)}: {leadName}</Title>
      <Alert color={outcome.kind === 'already' ? 'blue' : 'teal'} variant="light" icon={outcome.kind === 'already' ? <IconInfoCircle aria-hidden /> : <IconCircleCheck aria-hidden />}>
        <Stack gap="xs">
          <Text>{t(`leads.result.${outcome.kind}.body`)}</Text>
          <Group gap="xs"><Text fw={500}>{t('leads.customer')}:</Text><CustomerLink outcome={outcome} /></Group>
        </Stack>
      </Alert>
      <Group>
        <ScreenButton screen={toRecord('customers', outcome.customerId)} leftSection={<IconLink size={16} aria-hidden />} data-testid="open-customer">{t('leads.openCustomer')}</ScreenButton>
        <ScreenButton screen={toRecord('leads', leadId)} variant="light" data-testid="back-to-lead">{t('leads.backToLead')}</ScreenButton>
      </Group>
    </Stack>
  );
}

/**
 * Converting a lead to a customer: the declared form (how: a new customer, or the one with the
 * lead's email) as the confirmation, then the result in place, with a link to the customer.
 */
export default function ConvertLeadScreen({ decl, spec, id, record }: LoadedFormProps) {
  const { t, dyn } = useT();
  const [initial] = useState<Rec>(() => spec.initial?.() ?? {});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const onKept = useOnKept();
  if (!id || !record) return null;
  const name = labelOf(decl.area, record);
  if (outcome) return <Converted outcome={outcome} leadId={id} leadName={name} />;
  const converted = typeof record.converted_customer_id === 'string' ? record.converted_customer_id : null;
  const intro = converted ? (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="convert-intro" data-converted="true">
      {t('leads.convertAlready')} <ScreenLink screen={toRecord('customers', converted)}><RecordName area="customers" id={converted} /></ScreenLink>
    </Alert>
  ) : (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} data-testid="convert-intro">{t('leads.convertIntro')}</Alert>
  );
  return (
    <FormView
      decl={decl}
      spec={spec}
      title={`${dyn('actions', 'convert')}: ${name}`}
      id={id}
      initial={initial}
      submitLabel={dyn('actions', 'convert')}
      onSaved={(result) => (result.queued ? onKept(result.queued, name, toRecord(decl.area, id)) : setOutcome(outcomeOf(result)))}
      intro={intro}
    />
  );
}
