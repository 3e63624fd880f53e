import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface WizardStepperProps<S extends string> {
  steps: readonly S[];
  /** The step shown. */
  index: number;
  /** The furthest step the user completed: steps up to the one after it can be chosen directly. */
  reached: number;
  label: (step: S) => string;
  onGo: (step: S) => void;
  'aria-label': string;
}

/**
 * The steps of an order wizard (cluster, domain, certificate). On a desktop every step is labelled and
 * the reached ones are links; on a phone the labels of five or six steps would run together, so only the
 * numbered circles show and a line above names the current step ("Schritt 2 von 5: …").
 */
export function WizardStepper<S extends string>({ steps, index, reached, label, onGo, 'aria-label': ariaLabel }: WizardStepperProps<S>) {
  const { t } = useTranslation('orders');
  return (
    <>
      <Typography sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 500, mb: 1 }} data-testid="wizard-step-of">
        {t('wizard.stepOf', { current: index + 1, total: steps.length, step: label(steps[index]) })}
      </Typography>
      <Stepper
        activeStep={index}
        alternativeLabel
        aria-label={ariaLabel}
        sx={{ mb: 3, pb: 1, '& .MuiStepLabel-labelContainer': { display: { xs: 'none', sm: 'block' } } }}
      >
        {steps.map((s, i) => (
          <Step key={s} completed={i < index}>
            <StepLabel>
              {i <= reached + 1 && i !== index ? (
                <Link component="button" type="button" onClick={() => onGo(s)} underline="hover">
                  {label(s)}
                </Link>
              ) : (
                label(s)
              )}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </>
  );
}
