import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { contactCsvColumns, type ImportDuplicateMode, type ImportResult, type ImportRowOutcome } from '@tandem/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { isApiError } from '@/lib/api-error';
import { getApiErrorMessage } from '@/lib/error-message';
import { showToast } from '@/lib/toast-store';
import { useImportContacts } from '../api/import-contacts';
import { MultilineTextField } from '@/components/ui/multiline-text-field';

/** Props of {@link ImportContactsDialog}. */
export interface ImportContactsDialogProps {
  open: boolean;
  workspaceId: string;
  onClose: () => void;
}

const outcomeLabels: Record<ImportRowOutcome, string> = { CREATE: 'Create', MERGE: 'Merge', SKIP: 'Skip', ERROR: 'Error' };
const outcomeColors = { CREATE: 'success', MERGE: 'info', SKIP: 'default', ERROR: 'error' } as const;

/** The messages of a refused import (errorData: "row N" or a field → message), as lines. Pure. */
export function describeImportErrors(error: unknown): string[] {
  if (!isApiError(error)) return ['The file could not be read. Try again.'];
  if (!error.errorData) return [getApiErrorMessage(error)];
  return Object.entries(error.errorData).map(([key, message]) =>
    /^row \d+$/i.test(key) ? `${key[0]!.toUpperCase()}${key.slice(1)}: ${message}` : message,
  );
}

/** "3 to create · 1 to merge · 2 to skip · 1 with errors" of a preview's counts. Pure. */
export function describeImportCounts(counts: ImportResult['counts'], isDone = false): string {
  const parts = isDone
    ? [`${counts.CREATE} added`, `${counts.MERGE} merged`, `${counts.SKIP} skipped`]
    : [`${counts.CREATE} to create`, `${counts.MERGE} to merge`, `${counts.SKIP} to skip`, `${counts.ERROR} with errors`];
  return parts.join(' · ');
}

/**
 * "Import from CSV" (issue #10: preview with per-row errors, nothing written when any row is bad,
 * duplicates by email merged on request): choose a file or paste its text, pick what happens to
 * people already here (Skip / Merge), preview every row's outcome (Create / Merge / Skip / Error
 * with its messages), then Import — disabled while any row has an error. The result is a toast.
 */
export function ImportContactsDialog({ open, workspaceId, onClose }: ImportContactsDialogProps) {
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [duplicates, setDuplicates] = useState<ImportDuplicateMode>('SKIP');
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const importer = useImportContacts();
  const titleId = useId();
  const duplicatesId = useId();

  const reset = () => {
    setCsv('');
    setFileName(null);
    setDuplicates('SKIP');
    setPreview(null);
    setErrors([]);
  };
  const handleClose = () => {
    if (importer.isPending) return;
    reset();
    onClose();
  };
  const runPreview = async (text: string, mode: ImportDuplicateMode) => {
    setErrors([]);
    setPreview(null);
    if (text.trim() === '') return;
    try {
      setPreview(await importer.mutateAsync({ workspaceId, body: { csv: text, dryRun: true, duplicates: mode } }));
    } catch (error) {
      setErrors(describeImportErrors(error));
    }
  };
  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    setFileName(file.name);
    setCsv(text);
    await runPreview(text, duplicates);
  };
  const handleDuplicates = (mode: ImportDuplicateMode) => {
    setDuplicates(mode);
    if (preview) void runPreview(csv, mode);
  };
  const handleImport = async () => {
    setErrors([]);
    try {
      const result = await importer.mutateAsync({ workspaceId, body: { csv, dryRun: false, duplicates } });
      showToast(`Import done: ${describeImportCounts(result.counts, true)}.`, 'success');
      reset();
      onClose();
    } catch (error) {
      setErrors(describeImportErrors(error));
    }
  };

  const hasErrors = (preview?.counts.ERROR ?? 0) > 0;
  return (
    <Dialog open={open} onClose={handleClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Import people from CSV</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          A header row first, with any of these columns: {contactCsvColumns.join(', ')}. Separate tags with “;”. Nothing is written until
          you press Import, and nothing at all if a row has an error.
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
          <Button component="label" variant="outlined" startIcon={<UploadFile />}>
            Choose a file
            <input type="file" accept=".csv,text/csv" hidden onChange={(event) => void handleFile(event)} />
          </Button>
          {fileName && <Typography sx={{ overflowWrap: 'anywhere' }}>{fileName}</Typography>}
        </Box>
        <MultilineTextField
          label="Or paste the CSV here"
          value={csv}
          onChange={(event) => {
            setCsv(event.target.value);
            setFileName(null);
            setPreview(null);
          }}
          minRows={3}
          maxRows={8}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
        <Box sx={{ mt: 2 }}>
          <FormLabel id={duplicatesId}>People already here (same email)</FormLabel>
          <RadioGroup
            row
            aria-labelledby={duplicatesId}
            value={duplicates}
            onChange={(event) => handleDuplicates(event.target.value as ImportDuplicateMode)}
          >
            <FormControlLabel value="SKIP" control={<Radio />} label="Skip them" />
            <FormControlLabel value="MERGE" control={<Radio />} label="Merge the file into them" />
          </RadioGroup>
        </Box>
        {errors.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errors.length === 1 ? (
              errors[0]
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {errors.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {preview && (
          <Box sx={{ mt: 2 }}>
            <Typography role="status" sx={{ fontWeight: 500, mb: 1 }}>
              {describeImportCounts(preview.counts)}
            </Typography>
            {hasErrors && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                Fix the rows with errors in the file, then choose it again. Import stays off until every row is fine.
              </Alert>
            )}
            <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" aria-label="Import preview">
                <TableHead>
                  <TableRow>
                    <TableCell>Row</TableCell>
                    <TableCell>Name</TableCell>
                    <TableCell>Email</TableCell>
                    <TableCell>Outcome</TableCell>
                    <TableCell>Messages</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.rows.map((row) => (
                    <TableRow key={row.row}>
                      <TableCell>{row.row}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{`${row.firstName} ${row.lastName}`.trim() || '—'}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.email ?? '—'}</TableCell>
                      <TableCell>
                        <Chip size="small" label={outcomeLabels[row.outcome]} color={outcomeColors[row.outcome]} variant="outlined" />
                      </TableCell>
                      <TableCell sx={{ color: 'error.main' }}>
                        {Object.entries(row.errors).map(([field, message]) => (
                          <Box key={field}>
                            {field}: {message}
                          </Box>
                        ))}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3 }}>
        <Button onClick={handleClose} color="inherit">
          Cancel
        </Button>
        {!preview ? (
          <Button
            variant="outlined"
            disabled={csv.trim() === ''}
            loading={importer.isPending}
            onClick={() => void runPreview(csv, duplicates)}
          >
            Preview
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={hasErrors || preview.rows.length === 0}
            loading={importer.isPending}
            onClick={() => void handleImport()}
          >
            Import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
