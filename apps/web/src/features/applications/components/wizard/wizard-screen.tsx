import type { AccreditationQuestionId } from '@tessera/domain';
import { AssetsScreen } from './assets-screen.tsx';
import { BusinessOwnersScreen } from './business-owners-screen.tsx';
import { BusinessSelectScreen } from './business-select-screen.tsx';
import { EvalRequestScreen } from './eval-request-screen.tsx';
import { HighMinimumScreen } from './high-minimum-screen.tsx';
import { IncomeDocUploadScreen } from './income-doc-upload-screen.tsx';
import { LicenseScreen } from './license-screen.tsx';
import {
  BusinessAssetsMethodScreen,
  BusinessMethodScreen,
  BusinessOwnersMethodScreen,
  IdentityScreen,
  IncomeMethodScreen,
  IndividualMethodScreen,
} from './method-screens.tsx';
import { BusinessRejectedScreen, BusinessSubmittedScreen, IndividualSubmittedScreen, RequirementsUnmetScreen } from './outcome-screens.tsx';
import {
  BusinessAssetsDocUploadScreen,
  BusinessAssetsEvalUploadScreen,
  BusinessOwnersDocUploadScreen,
  BusinessOwnersEvalUploadScreen,
  IncomeEvalUploadScreen,
} from './upload-screens.tsx';

/** Every question screen of 001 §2, by question id. */
export function WizardScreen({ questionId }: { questionId: AccreditationQuestionId }) {
  switch (questionId) {
    case 'identity':
      return <IdentityScreen />;
    case 'individual-method':
      return <IndividualMethodScreen />;
    case 'individual-income-method':
      return <IncomeMethodScreen />;
    case 'individual-income-doc-upload':
      return <IncomeDocUploadScreen />;
    case 'individual-income-eval-upload':
      return <IncomeEvalUploadScreen />;
    case 'individual-income-eval-request':
    case 'business-assets-eval-request':
    case 'business-owners-eval-request':
      return <EvalRequestScreen questionId={questionId} />;
    case 'individual-license':
      return <LicenseScreen />;
    case 'individual-assets':
      return <AssetsScreen />;
    case 'individual-high-minimum':
    case 'business-high-minimum':
      return <HighMinimumScreen questionId={questionId} />;
    case 'individual-requirements-unmet':
      return <RequirementsUnmetScreen />;
    case 'individual-submitted':
      return <IndividualSubmittedScreen />;
    case 'business-select':
      return <BusinessSelectScreen />;
    // Not a question the server stops on (it is shown over business select), but an application saved there still opens.
    case 'business-create':
      return <BusinessSelectScreen startCreating />;
    case 'business-owners':
      return <BusinessOwnersScreen />;
    case 'business-method':
      return <BusinessMethodScreen />;
    case 'business-assets-method':
      return <BusinessAssetsMethodScreen />;
    case 'business-assets-doc-upload':
      return <BusinessAssetsDocUploadScreen />;
    case 'business-assets-eval-upload':
      return <BusinessAssetsEvalUploadScreen />;
    case 'business-owners-method':
      return <BusinessOwnersMethodScreen />;
    case 'business-owners-doc-upload':
      return <BusinessOwnersDocUploadScreen />;
    case 'business-owners-eval-upload':
      return <BusinessOwnersEvalUploadScreen />;
    case 'business-rejected':
      return <BusinessRejectedScreen />;
    case 'business-submitted':
      return <BusinessSubmittedScreen />;
  }
}
