// biome-ignore-all assist/source/organizeImports: the order is the point (stand-ins, uPlot, restore).
import { restoreIntl } from './uplot-intl-stand-ins';
import uPlot from 'uplot';

restoreIntl();

/** uPlot, loaded without making Intl formatters (uplot-intl-stand-ins.ts). */
export default uPlot;
