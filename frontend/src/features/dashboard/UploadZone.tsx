import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import type { ApiError } from '../../api/base-api';
import { useToast, type Toast } from '../../components/toast/toast-context';
import { storedCuisines, storedDiet } from '../../shared/preferences/storage';
import { ConsentDialog } from './ConsentDialog';
import { useUploadReportMutation } from './reports-api';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const CONSENT_CODES = ['DPDP_CONSENT_REQUIRED', 'HIPAA_CONSENT_REQUIRED', 'CONSENT_REQUIRED'];

/** The toast for a failed upload (SPEC §8), or `null` when the consent dialog should reopen. */
export function uploadErrorToast(error: ApiError): Toast | null {
  const message = error.message ?? '';
  if (error.status === 400 && CONSENT_CODES.some((c) => message.includes(c))) return null;
  if (error.status === 409) {
    return { title: 'File already uploaded', description: 'This file has already been processed. You can view the results by clicking on the existing report.', variant: 'destructive' };
  }
  if (error.status === 403) return { title: 'Upload limit reached', description: 'Upgrade to Pro for unlimited uploads.', variant: 'destructive' };
  if (error.status === 400) return { title: 'Invalid file', description: message || 'Please check your file type and size.', variant: 'destructive' };
  return { title: 'Upload failed', description: message || 'Failed to upload file.', variant: 'destructive' };
}

/** The toast for a file the drop zone refused (SPEC §5). */
export function rejectionToast(rejection: FileRejection): Toast {
  if (rejection.errors.some((e) => e.code === 'file-too-large')) {
    return { title: 'File too large', description: 'Please select a file smaller than 10MB.', variant: 'destructive' };
  }
  return { title: 'Invalid file type', description: 'Please select a PDF, JPG, or PNG file.', variant: 'destructive' };
}

export interface UploadZoneProps {
  /** Called with the new report's id once the server accepted it. */
  onUploaded: (reportId: string) => void;
  disabled?: boolean;
}

/** "Upload Health Report": drop or pick one file, consent, then upload (SPEC §2, §4, §5, §8). */
export function UploadZone({ onUploaded, disabled }: UploadZoneProps) {
  const toast = useToast();
  const [pending, setPending] = useState<File | null>(null);
  const [consentOpen, setConsentOpen] = useState(false);
  const [upload, { isLoading }] = useUploadReportMutation();

  const send = async (file: File) => {
    const result = await upload({ file, dietPreference: storedDiet(), cuisines: storedCuisines() });
    if ('error' in result && result.error) {
      const t = uploadErrorToast(result.error as ApiError);
      if (t === null) {
        setConsentOpen(true); // keep the file and ask again
        return;
      }
      toast(t);
      setPending(null);
      return;
    }
    setPending(null);
    toast({ title: 'Upload successful', description: 'Your health report is being processed...', variant: 'success' });
    const id = result.data.reportId ?? result.data.id;
    if (id) onUploaded(id);
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: { 'application/pdf': ['.pdf'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] },
    maxSize: MAX_UPLOAD_BYTES,
    disabled: disabled || isLoading,
    onDrop: (accepted, rejected) => {
      // Only the first file counts.
      const first = accepted[0];
      if (first && (rejected.length === 0 || accepted.length > 0)) {
        setPending(first);
        setConsentOpen(true);
      } else if (rejected[0]) {
        toast(rejectionToast(rejected[0]));
      }
    },
  });

  return (
    <Card component="section" aria-labelledby="upload-title" sx={{ mb: 3 }}>
      <CardHeader id="upload-title" title="Upload Health Report" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>
        <Box
          {...getRootProps()}
          sx={{
            border: '2px dashed',
            borderColor: isDragActive ? 'primary.main' : 'divider',
            bgcolor: isDragActive ? 'action.hover' : 'transparent',
            borderRadius: 2,
            p: 4,
            textAlign: 'center',
            cursor: disabled ? 'not-allowed' : 'pointer',
          }}
        >
          <input {...getInputProps()} aria-label="Choose a lab report file" data-testid="upload-input" />
          <CloudUploadIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography sx={{ fontWeight: 600 }}>{isDragActive ? 'Drop your report here' : 'Drag & drop your lab report, or click to choose'}</Typography>
          <Typography variant="body2" color="text.secondary">
            PDF, JPG or PNG, up to 10MB
          </Typography>
        </Box>
        {isLoading && <LinearProgress sx={{ mt: 2 }} aria-label="Uploading" />}
      </CardContent>
      <ConsentDialog
        open={consentOpen}
        onClose={() => {
          setConsentOpen(false);
          setPending(null);
        }}
        onGranted={() => {
          setConsentOpen(false);
          if (pending) void send(pending);
        }}
      />
    </Card>
  );
}
