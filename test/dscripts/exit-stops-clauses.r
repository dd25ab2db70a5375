begin
later clause 1
later clause 2
same clause 3
end n=3

