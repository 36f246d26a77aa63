// The live script of /calculators/construction-interest (../start.ts), bundled by server/build.mjs.
import { checkDraws } from '../../query-draws';
import { constructionInterestResults } from '../../views/construction-interest';
import { startLive } from '../start';

startLive(constructionInterestResults, { draws: checkDraws });
