import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { BriefTemplate } from '@tandem/contract';

/** Props of {@link EmptyBriefs}. */
export interface EmptyBriefsProps {
  /** The list is narrowed by filters: "no match" and Clear, not the templates. */
  isFiltered: boolean;
  /** USERs and GUESTs read only: no templates, no blank brief. */
  canCreate: boolean;
  templates: readonly BriefTemplate[];
  isLoadingTemplates: boolean;
  /** The template being turned into a brief, or 'blank'; its card shows it is busy. */
  pendingChoice: string | null;
  onChooseTemplate: (template: BriefTemplate) => void;
  onBlank: () => void;
  onClearFilters: () => void;
}

/**
 * The briefs list's empty state (issue #9: "empty state that offers the templates"): each template
 * as a card (name, what it is for, how many sections) that creates a brief from it in one click,
 * and "Blank brief". A filtered list says nothing matched instead; readers are told briefs will
 * appear here.
 */
export function EmptyBriefs({
  isFiltered,
  canCreate,
  templates,
  isLoadingTemplates,
  pendingChoice,
  onChooseTemplate,
  onBlank,
  onClearFilters,
}: EmptyBriefsProps) {
  if (isFiltered || !canCreate) {
    return (
      <Card variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {isFiltered ? 'No briefs match these filters' : 'No briefs yet'}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: isFiltered ? 2 : 0 }}>
          {isFiltered ? 'Try another status or search.' : 'Briefs shared with you will appear here.'}
        </Typography>
        {isFiltered && (
          <Button variant="outlined" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </Card>
    );
  }
  return (
    <Card variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
      <Typography variant="h2" sx={{ mb: 0.5 }}>
        Start your first brief
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Pick a template: its sections come with hints on what to write. Or start blank.
      </Typography>
      <Box
        component="ul"
        aria-label="Templates"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {isLoadingTemplates
          ? [0, 1, 2].map((index) => (
              <li key={index}>
                <Skeleton variant="rounded" height={112} />
              </li>
            ))
          : templates.map((template) => (
              <li key={template.id}>
                <ButtonBase
                  onClick={() => onChooseTemplate(template)}
                  disabled={pendingChoice !== null}
                  aria-busy={pendingChoice === template.id}
                  sx={(theme) => ({
                    width: '100%',
                    height: '100%',
                    display: 'block',
                    textAlign: 'left',
                    p: 2,
                    borderRadius: '16px',
                    border: `1px solid ${theme.palette.divider}`,
                    '&:hover': { bgcolor: 'action.hover' },
                    '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                  })}
                >
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {template.name}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                    {template.description || `${template.sections.length} sections`}
                  </Typography>
                  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                    {pendingChoice === template.id
                      ? 'Creating…'
                      : `${template.sections.length} sections${template.builtIn ? '' : ' · your workspace'}`}
                  </Typography>
                </ButtonBase>
              </li>
            ))}
      </Box>
      <Box sx={{ mt: 3 }}>
        <Button
          variant="outlined"
          startIcon={<Add />}
          onClick={onBlank}
          loading={pendingChoice === 'blank'}
          disabled={pendingChoice !== null && pendingChoice !== 'blank'}
        >
          Blank brief
        </Button>
      </Box>
    </Card>
  );
}
