import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { MarketingPoint } from './features';

export function FeatureCard({ icon, title, text }: MarketingPoint) {
  return (
    <Card component="article" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Avatar aria-hidden sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', mb: 2 }}>
          {icon}
        </Avatar>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
      </CardContent>
    </Card>
  );
}
