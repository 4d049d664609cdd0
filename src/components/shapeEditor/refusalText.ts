// A drawing refusal or a shape problem (§5) in the user's language (forms.json `drawing.rules.*`).
import type { TFunction } from 'i18next';
import type { DrawingRefusal, ShapeProblem } from './shapeRules.ts';

export function refusalText(t: TFunction<'forms'>, refusal: DrawingRefusal | ShapeProblem): string {
  switch (refusal.rule) {
    case 'oneLineOnly':
      return t('drawing.rules.oneLineOnly');
    case 'maxShapes':
      return t('drawing.rules.maxShapes', { max: refusal.max });
    case 'noColourLeft':
      return t('drawing.rules.noColourLeft');
    case 'lineTooShort':
      return t('drawing.rules.lineTooShort', { min: refusal.min, length: refusal.length });
    case 'tooManyPoints':
      return t('drawing.rules.tooManyPoints', { max: refusal.max });
    case 'tooFewPoints':
      return t('drawing.rules.tooFewPoints', { min: refusal.min });
    case 'lineHasTwoPoints':
      return t('drawing.rules.lineHasTwoPoints');
    case 'lastTagCannotClose':
      return t('drawing.rules.lastTagCannotClose');
    case 'intrusionNeedsArea':
      return t('drawing.rules.intrusionNeedsArea');
    case 'boundaryNeedsLine':
      return t('drawing.rules.boundaryNeedsLine');
  }
}
