// The charts `charts.tsx` loads on demand: one chunk for the three, which share most of their code.
export { BarChart } from '@mui/x-charts/BarChart';
export { LineChart } from '@mui/x-charts/LineChart';
export { PieChart } from '@mui/x-charts/PieChart';
