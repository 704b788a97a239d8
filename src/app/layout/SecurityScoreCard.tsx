import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import { SIDEBAR_SECURITY_LABEL, SIDEBAR_SECURITY_SCORE } from '../../common/constants';

/** SPEC section 2: a static card reading Excellent with a bar fixed at 80 percent (not computed). */
export function SecurityScoreCard() {
  return (
    <Box
      sx={{
        p: 2,
        borderRadius: 3,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'action.hover',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <VerifiedUserOutlined fontSize="small" sx={{ color: 'success.main' }} aria-hidden />
        <Typography variant="subtitle2" component="p">
          Security Score
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ color: 'success.main', fontWeight: 700, mb: 1 }}>
        {SIDEBAR_SECURITY_LABEL}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={SIDEBAR_SECURITY_SCORE}
        color="success"
        aria-label={`Security score: ${SIDEBAR_SECURITY_LABEL}`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
