import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ApiErrorAlert } from '@/components/errors/api-error-alert';
import { GenerationProgress } from '@/components/ai/generation-progress';
import { paths } from '@/config/paths';
import { DueDateField } from '@/features/tasks';
import { useGeneration } from '@/hooks/use-generation';
import { applyFieldErrors } from '@/lib/apply-field-errors';
import { isApiError, type ApiError } from '@/lib/api-error';
import type { GenerationStreamOptions } from '@/lib/generation-stream';
import { useZodForm } from '@/lib/use-zod-form';
import { generateSummary } from '../api/generate-summary';
import { useScopeRequests } from '../api/get-scope-requests';
import { useScopeContactSearch } from '../api/search-scope-contacts';
import {
  SummaryScopeFormSchema,
  scopeErrorAliases,
  toGenerateSummaryBody,
  type ScopePerson,
  type SummaryScopeForm,
} from '../utils/scope-form';

/** The reason a confidential request cannot be chosen (issue #11; PRODUCT §9). */
export const CONFIDENTIAL_REASON = 'Confidential: never sent to an AI assistant';

const personName = (person: ScopePerson) => `${person.firstName} ${person.lastName}`.trim() || 'Unnamed person';

/**
 * Step 1 of a summary (issue #11 /questions/summaries/new): a title, the requests (sent and closed
 * ones, with how many answered; a confidential one shown but disabled with its reason), the people
 * and a date range (mm/dd/yyyy). Generate streams progress with Cancel and, once the DRAFT is saved,
 * goes to step 2. The server's 400s land on their fields; 402 PLAN_LIMIT says so with a link to the
 * subscription.
 */
export function SummaryScopeFormView({ workspaceId, initialRequestId }: { workspaceId: string; initialRequestId: string | null }) {
  const navigate = useNavigate();
  const form = useZodForm(SummaryScopeFormSchema, {
    defaultValues: { title: '', requestIds: initialRequestId ? [initialRequestId] : [], people: [], from: null, to: null },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<ApiError | null>(null);
  const run = useMemo(
    () => (form: SummaryScopeForm, options: GenerationStreamOptions) => generateSummary(workspaceId, toGenerateSummaryBody(form), options),
    [workspaceId],
  );
  const generation = useGeneration(run);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const summary = await generation.start(values);
      if (summary) await navigate(paths.questions.summaries.step2.getHref(summary.id));
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.status === 400 && applyFieldErrors(error, [], form.setError, scopeErrorAliases)) return;
      setFailure(error);
    }
  });

  return (
    <Card component="form" noValidate onSubmit={(event) => void handleSubmit(event)} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
      <TextField
        label="Title"
        {...form.register('title')}
        error={Boolean(errors.title)}
        helperText={errors.title?.message}
        required
        fullWidth
      />
      <Controller
        control={form.control}
        name="requestIds"
        render={({ field }) => (
          <RequestPicker workspaceId={workspaceId} value={field.value} onChange={field.onChange} error={errors.requestIds?.message} />
        )}
      />
      <Controller
        control={form.control}
        name="people"
        render={({ field }) => (
          <PeoplePicker workspaceId={workspaceId} value={field.value} onChange={field.onChange} error={errors.people?.message} />
        )}
      />
      <Box
        component="fieldset"
        sx={{
          border: 0,
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Answers given between (optional)
        </Typography>
        <Controller
          control={form.control}
          name="from"
          render={({ field }) => (
            <DueDateField label="From" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.from?.message} />
          )}
        />
        <Controller
          control={form.control}
          name="to"
          render={({ field }) => (
            <DueDateField label="To" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.to?.message} />
          )}
        />
      </Box>
      {failure && <ApiErrorAlert error={failure} />}
      {generation.isRunning ? (
        <GenerationProgress label="Generating the summary" progress={generation.progress} onCancel={generation.cancel} />
      ) : (
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={paths.questions.summaries.list.getHref()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained">
            Generate
          </Button>
        </Box>
      )}
    </Card>
  );
}

/**
 * The requests a summary can cover: sent and closed ones, each with how many answered; a
 * confidential one shown but disabled with its reason (PRODUCT §9).
 */
function RequestPicker({
  workspaceId,
  value,
  onChange,
  error,
}: {
  workspaceId: string;
  value: string[];
  onChange: (requestIds: string[]) => void;
  error?: string;
}) {
  const requests = useScopeRequests(workspaceId);
  const items = useMemo(() => requests.data?.pages.flatMap((page) => page.items) ?? [], [requests.data]);
  const confidentialIds = items.filter((item) => item.confidential).map((item) => item.id);
  const confidentialKey = confidentialIds.join(',');
  // A confidential request preselected by ?requestId= is dropped once the list shows it (PRODUCT §9).
  useEffect(() => {
    const ids = confidentialKey.split(',');
    if (value.some((id) => ids.includes(id))) onChange(value.filter((id) => !ids.includes(id)));
  }, [confidentialKey, value, onChange]);
  const toggle = (requestId: string) =>
    onChange(value.includes(requestId) ? value.filter((id) => id !== requestId) : [...value, requestId]);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={error ? 'summary-requests-error' : undefined}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
        Requests
      </Typography>
      {requests.isPending ? (
        <Typography color="text.secondary">Loading requests…</Typography>
      ) : requests.isError ? (
        <Alert severity="error" action={<Button onClick={() => void requests.refetch()}>Try again</Button>}>
          The requests could not be loaded.
        </Alert>
      ) : items.length === 0 ? (
        <Typography color="text.secondary">No sent requests yet: a summary covers answers people gave.</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          {items.map((item) => {
            const isConfidential = confidentialIds.includes(item.id);
            return (
              <Box key={item.id}>
                <FormControlLabel
                  control={<Checkbox checked={value.includes(item.id)} onChange={() => toggle(item.id)} disabled={isConfidential} />}
                  label={
                    <span>
                      {item.title}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        · {item.progress.ANSWERED} of {item.progress.total} answered
                      </Typography>
                    </span>
                  }
                />
                {isConfidential && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block', ml: 4 }}>
                    {CONFIDENTIAL_REASON}
                  </Typography>
                )}
              </Box>
            );
          })}
          {requests.hasNextPage && (
            <Button sx={{ justifySelf: 'start' }} loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
              More requests
            </Button>
          )}
        </Box>
      )}
      {error && (
        <FormHelperText error id="summary-requests-error">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** The people a summary can cover: an autocomplete over the workspace's contacts. */
function PeoplePicker({
  workspaceId,
  value,
  onChange,
  error,
}: {
  workspaceId: string;
  value: ScopePerson[];
  onChange: (people: ScopePerson[]) => void;
  error?: string;
}) {
  const [input, setInput] = useState('');
  const search = useScopeContactSearch(workspaceId, input);
  const options: ScopePerson[] = (search.data?.items ?? []).map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={personName}
      loading={search.isFetching}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      onChange={(_event, next) => onChange(next)}
      noOptionsText={search.isError ? 'People could not be loaded.' : 'No one matches.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="People"
          placeholder="Search by name"
          error={Boolean(error)}
          helperText={error ?? 'Their answers to any request (optional).'}
        />
      )}
    />
  );
}
