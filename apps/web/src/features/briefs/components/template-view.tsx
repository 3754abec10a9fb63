import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { BriefTemplate } from '@tandem/contract';

/** Props of {@link TemplateView}. */
export interface TemplateViewProps {
  template: BriefTemplate;
}

/**
 * A template read-only (issue #9: built-ins, and every template for members who may not edit
 * briefs): its sections in order, each heading with its guidance as plain text.
 */
export function TemplateView({ template }: TemplateViewProps) {
  return (
    <Box component="section" aria-labelledby="template-sections-heading">
      <Typography id="template-sections-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        Sections
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {template.sections.map((section, index) => (
          <Card key={index} component="li" variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
            <Typography variant="overline" color="text.secondary" component="p">
              Section {index + 1}
            </Typography>
            <Typography variant="h3" sx={{ fontSize: '1.0625rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
              {section.heading}
            </Typography>
            {section.guidance ? (
              <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {section.guidance}
              </Typography>
            ) : (
              <Typography color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
                No guidance.
              </Typography>
            )}
          </Card>
        ))}
      </Box>
    </Box>
  );
}
